"""Construction pipeline (pool, filters, pre-screen, dedup, pass@1024, splits).

Not yet built."""
