"""Any language without a unit of its own."""
