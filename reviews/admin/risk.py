"""Risk rules, thresholds and assessments in the admin."""
