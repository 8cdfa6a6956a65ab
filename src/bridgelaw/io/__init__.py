"""Readers and writers: the scenario JSON format, PBN and LIN."""
