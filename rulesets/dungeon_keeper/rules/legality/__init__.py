"""Is an order legal here and now: `checker.Checker` (the interface of the reader and of the
resolution) with the checks of unit orders (`units`) and archdemon orders (`archdemon`), the
`Violation` value they share (`violations`) and the Russian summary of what a line will do
(`describe`).
"""
