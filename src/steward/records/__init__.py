"""The plain record types the store reads and writes, one module per area: frozen dataclasses, their
validation and their conversions to stored text and JSON, nothing that decides. Every layer may hold
them; the store builds them from rows, and the domains build their behaviour on them."""
