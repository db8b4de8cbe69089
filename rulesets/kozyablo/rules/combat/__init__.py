"""Fighting: `fight` (a combat or a retreat attack, strike by strike), `damage` (how much a strike
or a card deals, deaths, a capital's ruin) and `targets` (what a piece is worth in a fight and whom
a strike may hit).
"""
