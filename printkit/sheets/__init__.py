"""Products as pages of geometry in millimetres: one module per product. Every size decision lives here."""
