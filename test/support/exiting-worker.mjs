// A worker that stops at once with exit code 3: the stand-in for a backend worker that crashed.
process.exit(3)
