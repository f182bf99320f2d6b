/*
 * rbtree.h - red-black trees: balanced binary search trees whose height
 * stays within 2 log2(n + 1), so insert, erase and "find the leftmost" are
 * O(log n).  CFS keys its tree by vruntime, EEVDF by deadline.
 *
 * The node lives inside the object (like struct list); the caller supplies
 * the ordering through a "less" function.  Rules (CLRS chapter 13): every
 * node is red or black, the root is black, a red node has black children,
 * and every path from a node down to a leaf crosses the same number of
 * black nodes.
 */
#ifndef KERNEL_LIB_RBTREE_H
#define KERNEL_LIB_RBTREE_H

#include <stddef.h>

struct rb_node {
	struct rb_node *parent, *left, *right;
	int red;
};

struct rb_root {
	struct rb_node *node;
};

typedef int (*rb_less_fn)(const struct rb_node *a, const struct rb_node *b);

/* Insert n (equal keys go to the right, so ties keep FIFO order). */
void rb_insert(struct rb_root *root, struct rb_node *n, rb_less_fn less);
void rb_erase(struct rb_root *root, struct rb_node *n);
struct rb_node *rb_first(const struct rb_root *root);
struct rb_node *rb_last(const struct rb_root *root);
struct rb_node *rb_next(const struct rb_node *n);
/* Check the red-black rules; returns the black height, or -1. */
int rb_check(const struct rb_node *n);

#define rb_entry(ptr, type, member)	\
	((type *)((char *)(ptr) - offsetof(type, member)))

#endif
