"""The neutral side: the light Hero and his gnome, who act in the neutral phase after the round —
by the documented seeded behaviour (`hero`) or written by the GM (`manual`, ``hero_mode`` =
gm_manual).
"""
