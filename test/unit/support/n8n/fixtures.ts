/** Store answers shaped as a real Studiocart store sends them (numbers as strings, extra fields). */

export function customer(id: number) {
	return {
		id: String(id),
		first_name: 'Maya',
		last_name: 'Lopez',
		email: `customer${id}@example.com`,
		date_created: '2026-11-20 14:32:05',
		lifetime_value: '168.00',
		total_orders: 2,
		last_order_date: '2026-11-20 14:32:05',
	};
}

export function order(id: number) {
	return {
		id,
		customer_firstname: 'Maya',
		customer_lastname: 'Lopez',
		customer_name: 'Maya Lopez',
		customer_email: 'maya.lopez@example.com',
		product_id: 87,
		product_name: 'Sourdough Masterclass',
		gateway: 'stripe',
		date: '2026-11-20',
		date_time: '2026-11-20 14:32:05',
		payment_plan: 'Pay in full',
		payment_plan_id: 'full',
		order_amount: 16800,
		currency: 'USD',
		status: 'paid',
		items: [
			{
				product_name: 'Sourdough Masterclass',
				quantity: '1',
				subtotal: 16800,
				total_amount: 16800,
			},
		],
		link: `https://shop.example.com/wp-json/sc/v1/orders/${id}`,
	};
}

export function subscription(id: number) {
	return {
		id,
		customer_email: 'maya.lopez@example.com',
		product_id: '91',
		product_name: 'Bread Club Membership',
		status: 'active',
		amount: '2900',
		interval: 'month',
		frequency: 1,
		next_bill_date: '2026-12-20',
		invoices: [{ id: 2052, status: 'paid', order_amount: 3900 }],
	};
}

export function product(id: number) {
	return {
		id,
		name: `Product ${id}`,
		status: 'publish',
		is_on_sale: '0',
		plans: [{ id: 'full', name: 'Pay in full', price: '149', frequency: '1', trial_days: null }],
	};
}

export function range<T>(from: number, count: number, make: (id: number) => T): T[] {
	return Array.from({ length: count }, (_, index) => make(from + index));
}
