/*
 * rbtree.c - kernel/lib/rbtree.c on its own: build/host/rbtree-test.
 *
 * Random inserts and erases (duplicate keys included) into a plain and an
 * augmented tree, checking after every operation that
 *   - the red-black rules hold (rb_check) and the root is black,
 *   - an in-order walk gives the keys sorted, equal keys in insertion order
 *     (rb_insert puts ties to the right), and exactly the live nodes,
 *   - in the augmented tree every node's subtree minimum of a second,
 *     independent value (as EEVDF keeps min vruntime in a deadline tree),
 *     and in a second run also its subtree size, equal a recomputation
 *     from scratch.
 * Exit status 0 if all hold; the first failure is printed.
 */
#include <stdio.h>
#include <stdlib.h>
#include "kernel/lib/rbtree.h"

#define NODES	512
#define OPS	40000

struct item {
	struct rb_node node;
	unsigned key;		/* the tree's order */
	unsigned val;		/* summarised per subtree */
	unsigned seq;		/* insertion order, for ties */
	unsigned min_val, size;	/* augmented: over the subtree */
	int live;
};

static struct item items[NODES];
static unsigned seq, ops, rotations_seen;
/* The size changes all the way up at every insert or erase; the minimum
 * usually stops changing part-way, which exercises propagate's early stop.
 * So the augmented runs go with and without the size. */
static int with_size;

static struct item *
it(const struct rb_node *n)
{
	return rb_entry((struct rb_node *)n, struct item, node);
}

static int
key_less(const struct rb_node *a, const struct rb_node *b)
{
	return it(a)->key < it(b)->key;
}

/* ---- the augment: subtree minimum of val, and subtree size ---- */

static int
recompute(struct rb_node *n)
{
	struct item *x = it(n);
	unsigned m = x->val, size = 1;

	if (n->left) {
		m = it(n->left)->min_val < m ? it(n->left)->min_val : m;
		size += it(n->left)->size;
	}
	if (n->right) {
		m = it(n->right)->min_val < m ? it(n->right)->min_val : m;
		size += it(n->right)->size;
	}
	if (!with_size)
		size = 1;
	if (m == x->min_val && size == x->size)
		return 0;
	x->min_val = m;
	x->size = size;
	return 1;
}

static void
aug_propagate(struct rb_node *n, struct rb_node *stop)
{
	for (; n != stop; n = n->parent)
		if (!recompute(n))
			break;
}

static void
aug_copy(struct rb_node *old, struct rb_node *new)
{
	it(new)->min_val = it(old)->min_val;
	it(new)->size = it(old)->size;
}

static void
aug_rotate(struct rb_node *old, struct rb_node *new)
{
	aug_copy(old, new);
	recompute(old);
	rotations_seen++;
}

static const struct rb_augment aug = {
	.propagate = aug_propagate,
	.copy = aug_copy,
	.rotate = aug_rotate,
};

/* ---- checks ---- */

static void
fail(const char *what, const struct item *x)
{
	printf("FAIL rbtree: after %u operations: %s (key %u val %u)\n", ops,
	       what, x ? x->key : 0, x ? x->val : 0);
	exit(1);
}

/* Recompute n's subtree from scratch; compare with the stored values. */
static unsigned
check_aug(const struct rb_node *n, unsigned *min_out)
{
	unsigned m, lm, rm, size = 1;

	if (!n)
		return 0;
	m = it(n)->val;
	if (n->left) {
		size += check_aug(n->left, &lm);
		m = lm < m ? lm : m;
	}
	if (n->right) {
		size += check_aug(n->right, &rm);
		m = rm < m ? rm : m;
	}
	if (it(n)->min_val != m)
		fail("stale subtree minimum", it(n));
	if (with_size && it(n)->size != size)
		fail("stale subtree size", it(n));
	*min_out = m;
	return size;
}

static void
check_tree(const struct rb_root *root, int augmented, unsigned nlive)
{
	const struct item *prev = NULL;
	unsigned count = 0, m;

	if (root->node && (root->node->red || root->node->parent))
		fail("root red or with a parent", it(root->node));
	if (rb_check(root->node) < 0)
		fail("red-black rules broken", NULL);
	for (struct rb_node *n = rb_first(root); n; n = rb_next(n)) {
		const struct item *x = it(n);
		if (!x->live)
			fail("an erased node is still in the tree", x);
		if (prev && (prev->key > x->key ||
			     (prev->key == x->key && prev->seq > x->seq)))
			fail("in-order walk out of order", x);
		prev = x;
		count++;
	}
	if (count != nlive)
		fail("in-order walk misses or repeats nodes", NULL);
	if (augmented && root->node &&
	    check_aug(root->node, &m) != nlive && with_size)
		fail("root's size is not the node count", NULL);
}

/* One random run on a fresh tree; keys from a small range for ties. */
/* rb_add() and rb_add_augmented() say whether the new node is the
 * leftmost: CFS caches its leftmost node by that answer alone. */
static void
add_checked(const struct rb_root *root, const struct item *x, int leftmost)
{
	if (leftmost != (rb_first(root) == &x->node))
		fail("rb_add's leftmost answer is wrong", x);
}

static void
run(int augmented, unsigned keyspace)
{
	struct rb_root root = { NULL };
	unsigned nlive = 0;

	for (int i = 0; i < NODES; i++)
		items[i].live = 0;
	for (unsigned op = 0; op < OPS; op++, ops++) {
		struct item *x = &items[rand() % NODES];

		if (!x->live) {
			x->key = (unsigned)rand() % keyspace;
			x->val = (unsigned)rand() % 100000;
			x->seq = seq++;
			x->min_val = x->val;
			x->size = 1;
			x->live = 1;
			nlive++;
			if (augmented && (op & 1))
				rb_insert_augmented(&root, &x->node, key_less,
						    &aug);
			else if (augmented)
				add_checked(&root, x, rb_add_augmented(
					&root, &x->node, key_less, &aug));
			else if (op & 1)
				rb_insert(&root, &x->node, key_less);
			else
				add_checked(&root, x, rb_add(&root, &x->node,
							     key_less));
		} else {
			x->live = 0;
			nlive--;
			if (augmented)
				rb_erase_augmented(&root, &x->node, &aug);
			else
				rb_erase(&root, &x->node);
		}
		check_tree(&root, augmented, nlive);
	}
}

int
main(void)
{
	srand(17);
	run(0, 1000000);
	run(0, 8);
	for (with_size = 0; with_size < 2; with_size++) {
		run(1, 1000000);
		run(1, 8);
	}
	if (!rotations_seen)
		fail("no rotation happened: the test exercised nothing", NULL);
	printf("PASS rbtree: %u random inserts/erases, plain and augmented, "
	       "%u rotations\n", ops, rotations_seen);
	return 0;
}
