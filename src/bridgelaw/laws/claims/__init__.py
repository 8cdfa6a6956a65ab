"""The claims chapter (Laws 68-71): claims and concessions, and the checker they consult."""
