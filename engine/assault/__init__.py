"""Panzer Campaigns assault (reading notes §2, ids AS-*) as a procedure kind on the kit."""
