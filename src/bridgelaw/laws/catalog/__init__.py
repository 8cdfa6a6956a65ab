"""The catalogue of the 93 Laws: titles, our summaries, the sub-clauses each law has, the
references valid in each edition, and the laws the foundation code implements.
"""
