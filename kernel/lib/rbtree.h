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

/*
 * An augmented tree keeps in each node a value computed from the node and
 * its two subtrees (EEVDF: the smallest vruntime below), so that a search
 * can skip whole subtrees.  The tree calls back when subtrees change, as
 * Linux's struct rb_augment_callbacks does:
 *   propagate(n, stop)  recompute n, then its parent, ... up to but not
 *                       including stop (NULL: the root); it may stop early
 *                       at the first node whose value did not change
 *   copy(old, new)      new takes old's place: new's value = old's
 *   rotate(old, new)    new took old's place by a rotation, old is now its
 *                       child: new's value = old's, then recompute old
 */
struct rb_augment {
	void (*propagate)(struct rb_node *n, struct rb_node *stop);
	void (*copy)(struct rb_node *old, struct rb_node *new);
	void (*rotate)(struct rb_node *old, struct rb_node *new);
};

/* Insert n (equal keys go to the right, so ties keep FIFO order). */
void rb_insert(struct rb_root *root, struct rb_node *n, rb_less_fn less);
void rb_erase(struct rb_root *root, struct rb_node *n);
/* The same for an augmented tree: every subtree value is right afterwards,
 * given that it was before and, for insert, that n's value already
 * describes n alone (a leaf).  O(log n) callbacks. */
void rb_insert_augmented(struct rb_root *root, struct rb_node *n,
			 rb_less_fn less, const struct rb_augment *aug);
void rb_erase_augmented(struct rb_root *root, struct rb_node *n,
			const struct rb_augment *aug);
/* Recolour after n was linked as a red leaf (rb_link_node); for an
 * augmented tree, first bring n's ancestors up to date. */
void rb_insert_color(struct rb_root *root, struct rb_node *n);
void rb_insert_color_augmented(struct rb_root *root, struct rb_node *n,
			       const struct rb_augment *aug);

/* Link n as a red leaf at *link, a NULL child slot of parent (Linux's
 * rb_link_node). */
static inline void
rb_link_node(struct rb_node *n, struct rb_node *parent, struct rb_node **link)
{
	n->parent = parent;
	n->left = n->right = NULL;
	n->red = 1;
	*link = n;
}

/* The descent to n's leaf slot (ties to the right); 1 if n goes to the
 * leftmost slot.  Inline, so a constant less() is inlined into it. */
static inline __attribute__((always_inline)) int
rb_find_slot(struct rb_root *root, struct rb_node *n, rb_less_fn less,
	     struct rb_node **parentp, struct rb_node ***linkp)
{
	struct rb_node **link = &root->node, *parent = NULL;
	int leftmost = 1;

	while (*link) {
		parent = *link;
		if (less(n, parent)) {
			link = &parent->left;
		} else {
			link = &parent->right;
			leftmost = 0;
		}
	}
	*parentp = parent;
	*linkp = link;
	return leftmost;
}

/*
 * Insert n as rb_insert() does, with the comparison inlined into the
 * descent instead of called through a pointer at each level: Linux 5.12's
 * rb_add_cached() (include/linux/rbtree.h, "rbtree: Add generic add and
 * find helpers").  Returns 1 if n is now the leftmost node, so a cached
 * leftmost needs no comparison of its own.
 */
static inline __attribute__((always_inline)) int
rb_add(struct rb_root *root, struct rb_node *n, rb_less_fn less)
{
	struct rb_node *parent, **link;
	int leftmost = rb_find_slot(root, n, less, &parent, &link);

	rb_link_node(n, parent, link);
	rb_insert_color(root, n);
	return leftmost;
}

/* The same for an augmented tree (n's value describes n alone). */
static inline __attribute__((always_inline)) int
rb_add_augmented(struct rb_root *root, struct rb_node *n, rb_less_fn less,
		 const struct rb_augment *aug)
{
	struct rb_node *parent, **link;
	int leftmost = rb_find_slot(root, n, less, &parent, &link);

	rb_link_node(n, parent, link);
	rb_insert_color_augmented(root, n, aug);
	return leftmost;
}

/* The smallest, the largest and the next node in key order; NULL if
 * none. */
struct rb_node *rb_first(const struct rb_root *root);
struct rb_node *rb_last(const struct rb_root *root);
struct rb_node *rb_next(const struct rb_node *n);
/* Check the red-black rules; returns the black height, or -1. */
int rb_check(const struct rb_node *n);

#define rb_entry(ptr, type, member)	\
	((type *)((char *)(ptr) - offsetof(type, member)))

#endif
