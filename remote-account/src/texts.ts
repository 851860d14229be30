// Fixed texts of the spec for this remote: a copy change is one edit here.
