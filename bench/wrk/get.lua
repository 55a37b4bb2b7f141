-- GET with the benchmark's credentials (BENCH_AUTH: the Authorization header value).
wrk.headers["Authorization"] = os.getenv("BENCH_AUTH")
