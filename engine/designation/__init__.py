"""Wacht am Rhein II attack designation and ground-assault declaration (rules 9.0-9.2.4) on the kit."""
