"""Every read of the reviews app that is not a plain get, one module per resource."""
