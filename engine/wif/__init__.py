"""World in Flames land combat (WiFSD 11.16.5 as replaced; issue 15): a procedure kind on the kit."""
