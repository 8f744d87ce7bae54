print("specrun-bench: nothing measured yet")
