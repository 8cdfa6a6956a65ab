"""The director's law reference: for each of the 93 laws, what the engine does with it.

``matrix`` builds the coverage matrix from the code (the handlers' law claims, the catalogue,
the tests and the scenarios that prove each law), ``scan`` reads the tests and scenarios
statically, ``law`` puts a law's summary together with the engine's handling of it for
``bridgelaw law N`` and the server's reference page, and ``render`` prints both.
"""
