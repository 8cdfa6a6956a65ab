"""The Laws as code: one module per group of laws, each rectification a small handler."""
