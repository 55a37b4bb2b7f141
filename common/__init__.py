"""Small domain-neutral helpers shared by every app (no models, no HTTP)."""
