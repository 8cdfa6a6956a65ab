"""The play chapter (Laws 41-67): the regular play and every irregularity of a card.

Leads and plays out of turn (53-60), exposed and penalty cards (48-52), revokes (61-64),
tricks and their arrangement (44-47, 65-67), dummy's rights and who may draw attention (9, 42,
43), and what the table knows of hands nobody has shown.
"""
