"""Modules a served checkout imports by their own names (this folder is put on its
PYTHONPATH), so that an earlier checkout without this package serves them too."""
