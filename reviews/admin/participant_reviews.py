"""Participant reviews and review commands in the admin queue."""
