"""Panzer Campaigns assault (reading notes §2, ids AS-*) as a kind on the kit."""
