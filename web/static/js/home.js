// The home page has nothing to compute; this module keeps the pages alike.
