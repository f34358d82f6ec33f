"""Chinese support: ChERRANT's char tokenisation, its character aligner and merger."""
