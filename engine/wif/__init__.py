"""World in Flames land combat (WiFSD 11.16.5 as replaced; issue 15): a kind on the kit."""
