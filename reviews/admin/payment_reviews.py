"""Payment reviews in the admin queue."""
