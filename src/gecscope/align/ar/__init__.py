"""Arabic (ar): the QALB-2014/2015 and ZAEBUC language unit."""
