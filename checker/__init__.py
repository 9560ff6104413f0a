"""Label translations correct / wrong / inconclusive for gender, without references."""
