"""Every write of the reviews app, one module per use-case family."""
