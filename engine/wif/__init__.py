"""World in Flames land combat (WiFSD 11.16.5 as replaced): a kind on the kit."""
