"""Tests of the Python scripts (stdlib unittest): python3 -m unittest discover -s scripts/tests -t ."""
