/* assert.h - assert(); may be included again with NDEBUG changed. */
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
void __assert_fail(const char *expr, const char *file, int line,
		   const char *func) __attribute__((__noreturn__));
#define assert(e) \
	((e) ? (void)0 : __assert_fail(#e, __FILE__, __LINE__, __func__))
#endif

#if !defined(__cplusplus) && !defined(static_assert)
#define static_assert _Static_assert
#endif
