"""What a law handler is and sees: the Handler base class, the TableOps it acts through,
and the typed facts one handler records for another.
"""
