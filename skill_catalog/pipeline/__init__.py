"""The load pipeline behind ``load()``: each skill parsed and checked (from the cache where
unchanged), and which skills a change touches."""
