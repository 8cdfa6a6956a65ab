"""The Laws as code, one chapter folder per group of laws, each rectification a small handler.

``auction`` (17-39), ``play`` (41-67), ``claims`` (68-71), ``information`` (16, 20, 21, 40,
41, 66, 73, 75), ``board`` (13-15, 87), ``scoring`` (12, 77-79, 86, 90) and ``catalog`` (the
93 laws and their sub-clauses). ``base`` says what a handler is, ``registry`` which law
references each handler implements, and ``editions`` which handler rules each kind of
irregularity in each edition and in what order they are consulted.
"""
