//! The large-dataset picture as pixels (being written).
