"""The HTML replay (`export --html`) and what the served page shares with it, with the assets/ files.

replay.py folds the log into the page's data, live.py grows that data as the log grows, document.py
writes the page around it and reads assets/ (scripts and styles, package data linted by Biome).
"""
