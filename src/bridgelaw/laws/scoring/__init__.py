"""The scoring chapter (Laws 12, 77-79, 86, 90): the duplicate scoring table and the scoring methods,
artificial and assigned scores.
"""
