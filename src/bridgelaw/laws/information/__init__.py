"""The information chapter (Laws 16, 20, 21, 40, 41, 66, 73, 75): requests for information,
who may ask what and when, and the information record the director reads.
"""
