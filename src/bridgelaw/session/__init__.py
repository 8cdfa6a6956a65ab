"""Duplicate sessions: movements, scoring of a field, results and publishing."""
