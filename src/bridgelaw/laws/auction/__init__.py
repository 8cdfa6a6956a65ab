"""The auction chapter (Laws 17-39): the regular auction and every irregularity of a call.

A call is classified once (``call_irregularities``) and ruled by the law that takes it first:
the insufficient bid (27), the change of call (25), calls out of rotation (28-34), inadmissible
calls (35-39), the comparable call (23), cards exposed during the auction (24) and the lead
restrictions that follow a withdrawn call (26).
"""
