<?php
/**
 * The test store's records, made the way Studiocart makes them: sc_product posts with their
 * `_sc_pay_options`, buyers as WordPress users, orders and subscriptions through Studiocart's own
 * models (ScrtOrder, ScrtSubscription), which write the `_sc_` meta and the order items.
 */

const CS_SEED_BUYERS = array(
	array( 'ada@example.test', 'Ada', 'Lovelace' ),
	array( 'grace@example.test', 'Grace', 'Hopper' ),
);

/** @return array{products: int[], customers: int[], orders: int[], subscriptions: int[]} */
function cs_seed() {
	$course = cs_seed_product( 'Course', '2024-01-02 09:00:00', array(
		array( 'option_id' => 'full', 'option_name' => 'Pay in full', 'product_type' => '', 'price' => '49' ),
	) );
	$club = cs_seed_product( 'Club Membership', '2024-01-03 09:00:00', array(
		array( 'option_id' => 'monthly', 'option_name' => 'Monthly', 'product_type' => 'recurring', 'price' => '19.5', 'installments' => '-1', 'interval' => 'month', 'frequency' => '1', 'trial_days' => '', 'sign_up_fee' => '5' ),
	) );
	$customers = array();
	foreach ( CS_SEED_BUYERS as $buyer ) {
		$customers[] = cs_seed_buyer( $buyer );
	}
	$orders = array(
		cs_seed_order( $course, 'full', $customers[0], '2024-02-01 10:00:00' ),
		cs_seed_order( $course, 'full', $customers[1], '2024-02-02 11:30:00' ),
	);
	$subscription = cs_seed_subscription( $club, 'monthly', $customers[0], '2024-02-03 08:15:00' );
	$orders[] = $subscription['order'];
	return array(
		'products'      => array( $course, $club ),
		'customers'     => $customers,
		'orders'        => $orders,
		'subscriptions' => array( $subscription['id'] ),
	);
}

function cs_seed_product( $name, $date, $plans ) {
	return wp_insert_post( array(
		'post_type'     => 'sc_product',
		'post_status'   => 'publish',
		'post_title'    => $name,
		'post_content'  => "The $name.",
		'post_date'     => $date,
		'post_date_gmt' => get_gmt_from_date( $date ),
		'meta_input'    => array( '_sc_pay_options' => $plans ),
	), true );
}

function cs_seed_buyer( $buyer ) {
	[ $email, $first, $last ] = $buyer;
	$existing = get_user_by( 'email', $email );
	if ( $existing ) {
		return $existing->ID;
	}
	return wp_insert_user( array(
		'user_login' => $email,
		'user_email' => $email,
		'user_pass'  => wp_generate_password(),
		'first_name' => $first,
		'last_name'  => $last,
		'role'       => 'subscriber',
	) );
}

/** Fills an order or subscription model with the buyer and the product's plan, as a checkout would. */
function cs_seed_fill( $model, $product_id, $option_id, $user_id ) {
	$user = get_userdata( $user_id );
	$plan = studiocart_plan( $option_id, '', $product_id, true );
	$model->first_name = $user->first_name;
	$model->last_name = $user->last_name;
	$model->firstname = $user->first_name;
	$model->lastname = $user->last_name;
	$model->customer_name = $user->first_name . ' ' . $user->last_name;
	$model->email = $user->user_email;
	$model->user_account = $user_id;
	$model->product_id = $product_id;
	$model->product_name = get_the_title( $product_id );
	$model->page_id = $product_id;
	$model->page_url = get_permalink( $product_id );
	$model->option_id = $option_id;
	$model->item_name = $plan['name'];
	$model->pay_method = 'stripe';
	$model->currency = 'USD';
	return $plan;
}

function cs_seed_order( $product_id, $option_id, $user_id, $date, $subscription_id = 0 ) {
	$order = new ScrtOrder();
	$plan = cs_seed_fill( $order, $product_id, $option_id, $user_id );
	$amount = (float) $plan['price'] + ( $subscription_id ? (float) ( $plan['sign_up_fee'] ?? 0 ) : 0 );
	$order->amount = $amount;
	$order->main_offer_amt = $amount;
	$order->pre_tax_amount = $amount;
	$order->invoice_subtotal = $amount;
	$order->invoice_total = $amount;
	$order->transaction_id = 'ch_seed_' . wp_generate_password( 10, false );
	$order->status = 'paid';
	$order->payment_status = 'paid';
	$order->subscription_id = $subscription_id;
	$order->items = array( array(
		'product_id'   => $product_id,
		'price_id'     => $option_id,
		'item_type'    => 'main',
		'product_name' => get_the_title( $product_id ),
		'price_name'   => $plan['name'],
		'unit_price'   => $amount,
		'quantity'     => 1,
		'subtotal'     => $amount,
		'total_amount' => $amount,
	) );
	$id = $order->store();
	cs_seed_date( $id, $date );
	return $id;
}

function cs_seed_subscription( $product_id, $option_id, $user_id, $date ) {
	$sub = new ScrtSubscription();
	$plan = cs_seed_fill( $sub, $product_id, $option_id, $user_id );
	$sub->plan_id = $option_id;
	$sub->amount = (float) $plan['price'];
	$sub->sub_amount = (float) $plan['price'];
	$sub->sub_item_name = $plan['name'];
	$sub->sub_installments = $plan['installments'];
	$sub->sub_interval = $plan['interval'];
	$sub->sub_frequency = $plan['frequency'];
	$sub->sign_up_fee = 5;
	$sub->subscription_id = 'sub_seed_' . wp_generate_password( 10, false );
	$sub->sub_next_bill_date = strtotime( get_gmt_from_date( $date ) . ' UTC +1 month' );
	$sub->status = 'active';
	$sub->sub_status = 'active';
	$id = $sub->store();
	cs_seed_date( $id, $date );
	$order = cs_seed_order( $product_id, $option_id, $user_id, $date, $id );
	update_post_meta( $id, '_sc_first_order', $order );
	return array( 'id' => $id, 'order' => $order );
}

/** A one-off order placed now, as a checkout makes it: its delivery body has subscription_id 0. */
function cs_seed_one_off_order() {
	$products = get_posts( array( 'post_type' => 'sc_product', 'title' => 'Course', 'fields' => 'ids', 'numberposts' => 1 ) );
	$buyer = get_user_by( 'email', CS_SEED_BUYERS[1][0] );
	return cs_seed_order( $products[0], 'full', $buyer->ID, current_time( 'mysql' ) );
}

/** The post's date as the site's local time (and its UTC twin), as a checkout at that moment stores it. */
function cs_seed_date( $post_id, $local ) {
	wp_update_post( array(
		'ID'                => $post_id,
		'post_date'         => $local,
		'post_date_gmt'     => get_gmt_from_date( $local ),
		'post_modified'     => $local,
		'post_modified_gmt' => get_gmt_from_date( $local ),
	) );
}
