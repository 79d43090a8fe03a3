<?php
/**
 * Plugin Name: Commerce Service API (sc/v1)
 * Description: Studiocart's Developer API (REST namespace sc/v1) as a WordPress plugin writes it, served
 * from Studiocart's own records (sc_product, sc_order, sc_subscription posts and their _sc_ meta). The
 * free edition of Studiocart has no API; this test site adds it. Behaviour follows the real stores:
 * validate answers "", subscribe a numeric id, webhook/delete's handler is missing (WordPress answers
 * 500 rest_invalid_handler) and webhook/zap-delete does the work, REST amounts are in cents.
 */

defined( 'ABSPATH' ) || exit;

const CS_API_NAMESPACE = 'sc/v1';
/** Where the registered resthooks live (id => hook). */
const CS_API_HOOKS_OPTION = 'cs_api_resthooks';

add_action( 'rest_api_init', 'cs_api_register_routes' );

function cs_api_register_routes() {
	// The API is Studiocart's: with Studiocart deactivated there is no sc/v1.
	if ( ! function_exists( 'sc_webhook_order_body' ) ) {
		return;
	}
	$query_key = 'cs_api_query_key_permission';
	$header_key = 'cs_api_header_key_permission';
	$public = '__return_true';

	register_rest_route( CS_API_NAMESPACE, '/webhook/validate', array(
		'methods'             => 'POST',
		'callback'            => 'cs_api_validate',
		'permission_callback' => $query_key,
	) );
	register_rest_route( CS_API_NAMESPACE, '/webhook/subscribe', array(
		'methods'             => 'POST',
		'callback'            => 'cs_api_subscribe',
		'permission_callback' => $query_key,
	) );
	// As on real stores: registered with a handler that does not exist, so WordPress answers
	// 500 rest_invalid_handler (a route without any callback would be 404 rest_no_route instead).
	register_rest_route( CS_API_NAMESPACE, '/webhook/delete', array(
		'methods'             => 'POST',
		'callback'            => 'cs_api_delete_webhook',
		'permission_callback' => $public,
	) );
	register_rest_route( CS_API_NAMESPACE, '/webhook/zap-delete', array(
		'methods'             => 'POST',
		'callback'            => 'cs_api_zap_delete',
		'permission_callback' => $public,
	) );
	register_rest_route( CS_API_NAMESPACE, '/webhook/products', array(
		'methods'             => 'GET',
		'callback'            => 'cs_api_webhook_products',
		'permission_callback' => $public,
	) );
	register_rest_route( CS_API_NAMESPACE, '/webhook/plans', array(
		'methods'             => 'GET',
		'callback'            => 'cs_api_webhook_plans',
		'permission_callback' => $public,
	) );
	register_rest_route( CS_API_NAMESPACE, '/webhook/latest-orders', array(
		'methods'             => 'POST',
		'callback'            => 'cs_api_latest_orders',
		'permission_callback' => $query_key,
	) );

	$dated = cs_api_list_args( array( 'id', 'date_created', 'date_modified' ), true );
	$reads = array(
		'/customers'                                        => array( 'cs_api_list_customers', cs_api_list_args( array(), false ) ),
		'/customers/(?P<customer_id>\d+)'                   => array( 'cs_api_get_customer', array() ),
		'/orders'                                           => array( 'cs_api_list_orders', $dated ),
		'/orders/(?P<order_id>\d+)'                         => array( 'cs_api_get_order', array() ),
		'/orders/subscription/(?P<subscription_id>\d+)'     => array( 'cs_api_list_subscription_orders', $dated ),
		'/subscriptions'                                    => array( 'cs_api_list_subscriptions', $dated ),
		'/subscriptions/(?P<subscription_id>\d+)'           => array( 'cs_api_get_subscription', array() ),
		'/products'                                         => array( 'cs_api_list_products', cs_api_list_args( array( 'id', 'date_created', 'date_modified', 'product_name' ), false ) ),
		'/products/(?P<product_id>\d+)'                     => array( 'cs_api_get_product', array() ),
	);
	foreach ( $reads as $route => $read ) {
		register_rest_route( CS_API_NAMESPACE, $route, array(
			'methods'             => 'GET',
			'callback'            => $read[0],
			'permission_callback' => $header_key,
			'args'                => $read[1],
		) );
	}
}

// Keys.

function cs_api_key_matches( $given ) {
	$key = (string) get_option( '_sc_api_key', '' );
	return '' !== $key && is_string( $given ) && hash_equals( $key, $given );
}

/** 401 for a caller without a session, 403 with one: WordPress's own rest_authorization_required_code(). */
function cs_api_refused() {
	return new WP_Error(
		'rest_forbidden_context',
		__( 'Sorry, you cannot view this resource.' ),
		array( 'status' => rest_authorization_required_code() )
	);
}

function cs_api_query_key_permission( WP_REST_Request $request ) {
	$query = $request->get_query_params();
	return cs_api_key_matches( $query['api_key'] ?? null ) ? true : cs_api_refused();
}

function cs_api_header_key_permission( WP_REST_Request $request ) {
	return cs_api_key_matches( $request->get_header( 'x-api-key' ) ) ? true : cs_api_refused();
}

// Webhook operations.

/** POST webhook/validate: real stores answer the JSON string "". */
function cs_api_validate() {
	return rest_ensure_response( '' );
}

/** POST webhook/subscribe: {id} with a JSON number. */
function cs_api_subscribe( WP_REST_Request $request ) {
	$hook_url = $request->get_param( 'hook_url' );
	if ( ! is_string( $hook_url ) || '' === $hook_url ) {
		return new WP_Error( 'rest_subscribe_error', 'hook_url is required', array( 'status' => 404 ) );
	}
	$hooks = get_option( CS_API_HOOKS_OPTION, array() );
	$id = time();
	while ( isset( $hooks[ $id ] ) ) {
		++$id;
	}
	$hooks[ $id ] = array(
		'id'              => $id,
		'hook_url'        => esc_url_raw( $hook_url ),
		'product_id'      => absint( $request->get_param( 'product_id' ) ),
		'plan_id'         => $request->get_param( 'plan_id' ),
		'status'          => $request->get_param( 'status' ),
		'source'          => sanitize_text_field( (string) $request->get_param( 'source' ) ),
		'prices_in_cents' => (int) (bool) $request->get_param( 'prices_in_cents' ),
	);
	update_option( CS_API_HOOKS_OPTION, $hooks, false );
	return rest_ensure_response( array( 'id' => $id ) );
}

/** POST webhook/zap-delete: [ {url, id} ], or 404 when no hook has that id. */
function cs_api_zap_delete( WP_REST_Request $request ) {
	$id = (string) $request->get_param( 'id' );
	$hooks = get_option( CS_API_HOOKS_OPTION, array() );
	if ( '' === $id || ! isset( $hooks[ $id ] ) ) {
		return new WP_Error( 'rest_subscribe_error', 'no webhook with this ID found: ' . $id, array( 'status' => 404 ) );
	}
	$url = $hooks[ $id ]['hook_url'];
	unset( $hooks[ $id ] );
	update_option( CS_API_HOOKS_OPTION, $hooks, false );
	return rest_ensure_response( array( array( 'url' => $url, 'id' => $id ) ) );
}

/** GET webhook/products: published products, newest first. */
function cs_api_webhook_products() {
	$posts = get_posts( array(
		'post_type'   => 'sc_product',
		'post_status' => 'publish',
		'numberposts' => -1,
		'orderby'     => 'date',
		'order'       => 'DESC',
	) );
	return rest_ensure_response( array_map( function ( $post ) {
		return array( 'id' => $post->ID, 'name' => $post->post_title );
	}, $posts ) );
}

/** GET webhook/plans: null without a product; its plans then bump, upsell and downsell. */
function cs_api_webhook_plans( WP_REST_Request $request ) {
	$product_id = absint( $request->get_param( 'product_id' ) );
	if ( ! $product_id ) {
		return rest_ensure_response( null );
	}
	$plans = array();
	foreach ( (array) get_post_meta( $product_id, '_sc_pay_options', true ) as $option ) {
		if ( is_array( $option ) && isset( $option['option_id'] ) ) {
			$plans[] = array( 'id' => (string) $option['option_id'], 'name' => (string) ( $option['option_name'] ?? '' ) );
		}
	}
	$plans[] = array( 'id' => 'bump', 'name' => 'Purchased as a bump' );
	$plans[] = array( 'id' => 'upsell', 'name' => 'Purchased as an upsell' );
	$plans[] = array( 'id' => 'downsell', 'name' => 'Purchased as a downsell' );
	return rest_ensure_response( $plans );
}

/** POST webhook/latest-orders: at most 10, newest first, shaped as deliveries; none is 404 no_orders. */
function cs_api_latest_orders( WP_REST_Request $request ) {
	$status = $request->get_param( 'status' );
	$subscriptions = in_array( $status, array( 'active', 'completed', 'canceled', 'paused' ), true );
	$args = array(
		'post_type'   => $subscriptions ? 'sc_subscription' : 'sc_order',
		'post_status' => cs_api_statuses_for( $status ),
		'numberposts' => 10,
		'orderby'     => 'date',
		'order'       => 'DESC',
		'fields'      => 'ids',
	);
	$product_id = absint( $request->get_param( 'product_id' ) );
	if ( $product_id ) {
		$args['meta_query'] = array( array( 'key' => '_sc_product_id', 'value' => $product_id ) );
	}
	$ids = get_posts( $args );
	if ( ! $ids ) {
		return new WP_Error( 'no_orders', 'there are no orders for this product yet', array( 'status' => 404 ) );
	}
	return rest_ensure_response( array_map( function ( $id ) {
		return sc_webhook_order_body( $id );
	}, $ids ) );
}

function cs_api_statuses_for( $status ) {
	if ( 'paid' === $status ) {
		return array( 'paid', 'completed' );
	}
	if ( 'pending' === $status ) {
		return array( 'pending-payment' );
	}
	if ( is_string( $status ) && '' !== $status ) {
		return array( sanitize_key( $status ) );
	}
	return array( 'paid', 'completed' );
}

// REST reads.

/** Paging and sorting: page >= 1, per_page 1 to 100 (default 10), order asc|desc, orderby, date_after. */
function cs_api_list_args( $orderby, $dated ) {
	$args = array(
		'page'     => array( 'type' => 'integer', 'default' => 1, 'minimum' => 1, 'validate_callback' => 'rest_validate_request_arg' ),
		'per_page' => array( 'type' => 'integer', 'default' => 10, 'minimum' => 1, 'maximum' => 100, 'validate_callback' => 'rest_validate_request_arg' ),
	);
	if ( $orderby ) {
		$args['order'] = array( 'type' => 'string', 'default' => 'desc', 'enum' => array( 'asc', 'desc' ), 'validate_callback' => 'rest_validate_request_arg' );
		$args['orderby'] = array( 'type' => 'string', 'default' => 'date_created', 'enum' => $orderby, 'validate_callback' => 'rest_validate_request_arg' );
	}
	if ( $dated ) {
		$args['date_after'] = array( 'type' => 'string', 'pattern' => '^\d{4}-\d{2}-\d{2}$', 'validate_callback' => 'rest_validate_request_arg' );
	}
	return $args;
}

/** One page of a post type as WP_REST_Response, with X-WP-Total, X-WP-TotalPages and Link. */
function cs_api_page( WP_REST_Request $request, $post_type, $shape, $meta_query = array() ) {
	$orderby = array(
		'id'            => 'ID',
		'date_created'  => 'date',
		'date_modified' => 'modified',
		'product_name'  => 'title',
	);
	$args = array(
		'post_type'      => $post_type,
		'post_status'    => 'sc_product' === $post_type ? 'publish' : cs_api_record_statuses(),
		'posts_per_page' => $request['per_page'],
		'paged'          => $request['page'],
		'orderby'        => $orderby[ $request['orderby'] ?? 'date_created' ],
		'order'          => strtoupper( $request['order'] ?? 'desc' ),
		'fields'         => 'ids',
	);
	if ( ! empty( $request['date_after'] ) ) {
		$args['date_query'] = array( array( 'after' => $request['date_after'], 'inclusive' => true ) );
	}
	if ( $meta_query ) {
		$args['meta_query'] = $meta_query;
	}
	$query = new WP_Query( $args );
	return cs_api_paged_response( $request, array_map( $shape, $query->posts ), (int) $query->found_posts );
}

function cs_api_paged_response( WP_REST_Request $request, $items, $total ) {
	$response = rest_ensure_response( $items );
	if ( ! $items ) {
		return $response;
	}
	$pages = (int) ceil( $total / (int) $request['per_page'] );
	$response->header( 'X-WP-Total', (string) $total );
	$response->header( 'X-WP-TotalPages', (string) $pages );
	$base = add_query_arg( urlencode_deep( $request->get_query_params() ), rest_url( ltrim( $request->get_route(), '/' ) ) );
	$page = (int) $request['page'];
	if ( $page > 1 ) {
		$response->link_header( 'prev', add_query_arg( 'page', $page - 1, $base ) );
	}
	if ( $page < $pages ) {
		$response->link_header( 'next', add_query_arg( 'page', $page + 1, $base ) );
	}
	return $response;
}

/** Every status a Studiocart order or subscription post can have. */
function cs_api_record_statuses() {
	return array_values( array_diff( get_post_stati(), array( 'trash', 'auto-draft', 'inherit' ) ) );
}

function cs_api_invalid_id() {
	return new WP_Error( 'sc_rest_invalid_id', __( 'Invalid resource ID.' ), array( 'status' => 404 ) );
}

function cs_api_is( $id, $post_type ) {
	$post = get_post( $id );
	return $post && $post->post_type === $post_type && 'trash' !== $post->post_status;
}

/** GET orders: Studiocart's delivery body, amounts in cents, with its own link. */
function cs_api_order( $id ) {
	$body = sc_webhook_order_body( (int) $id, '', true );
	$body['link'] = rest_url( CS_API_NAMESPACE . '/orders/' . $id );
	return $body;
}

function cs_api_subscription( $id ) {
	$body = sc_webhook_order_body( (int) $id, '', true );
	if ( isset( $body['invoices'] ) ) {
		foreach ( $body['invoices'] as $i => $invoice ) {
			$body['invoices'][ $i ]['link'] = rest_url( CS_API_NAMESPACE . '/orders/' . $invoice['id'] );
		}
	}
	$body['link'] = rest_url( CS_API_NAMESPACE . '/subscriptions/' . $id );
	return $body;
}

function cs_api_list_orders( WP_REST_Request $request ) {
	return cs_api_page( $request, 'sc_order', 'cs_api_order' );
}

function cs_api_get_order( WP_REST_Request $request ) {
	return cs_api_is( $request['order_id'], 'sc_order' ) ? rest_ensure_response( cs_api_order( $request['order_id'] ) ) : cs_api_invalid_id();
}

function cs_api_list_subscription_orders( WP_REST_Request $request ) {
	if ( ! cs_api_is( $request['subscription_id'], 'sc_subscription' ) ) {
		return cs_api_invalid_id();
	}
	$meta = array( array( 'key' => '_sc_subscription_id', 'value' => (int) $request['subscription_id'] ) );
	return cs_api_page( $request, 'sc_order', 'cs_api_order', $meta );
}

function cs_api_list_subscriptions( WP_REST_Request $request ) {
	return cs_api_page( $request, 'sc_subscription', 'cs_api_subscription' );
}

function cs_api_get_subscription( WP_REST_Request $request ) {
	return cs_api_is( $request['subscription_id'], 'sc_subscription' ) ? rest_ensure_response( cs_api_subscription( $request['subscription_id'] ) ) : cs_api_invalid_id();
}

/** A product with its payment plans (prices in cents, as the REST resources are). */
function cs_api_product( $id ) {
	global $sc_currency;
	$post = get_post( $id );
	$plans = array();
	foreach ( (array) get_post_meta( $id, '_sc_pay_options', true ) as $option ) {
		if ( ! is_array( $option ) || ! isset( $option['option_id'] ) ) {
			continue;
		}
		$recurring = 'recurring' === ( $option['product_type'] ?? '' );
		$plans[] = array(
			'id'           => (string) $option['option_id'],
			'name'         => (string) ( $option['option_name'] ?? '' ),
			'price_type'   => '' === ( $option['product_type'] ?? '' ) ? 'one-time' : $option['product_type'],
			'price'        => sc_price_in_cents( $option['price'] ?? 0, $sc_currency ),
			'installments' => $recurring ? (string) ( $option['installments'] ?? '-1' ) : '',
			'interval'     => $recurring ? (string) ( $option['interval'] ?? 'month' ) : '',
			'frequency'    => $recurring ? (int) ( $option['frequency'] ?? 1 ) : 1,
			'trial_days'   => isset( $option['trial_days'] ) && '' !== $option['trial_days'] ? (int) $option['trial_days'] : null,
			'signup_fee'   => sc_price_in_cents( $option['sign_up_fee'] ?? 0, $sc_currency ),
		);
	}
	$image = get_the_post_thumbnail_url( $id, 'full' );
	return array(
		'id'           => (int) $id,
		'name'         => $post->post_title,
		'status'       => $post->post_status,
		'description'  => $post->post_content,
		'date_created' => get_the_date( 'Y-m-d H:i:s', $post ),
		'date_updated' => get_the_modified_date( 'Y-m-d H:i:s', $post ),
		'url'          => get_permalink( $post ),
		'image_url'    => $image ? $image : '',
		'is_on_sale'   => sc_is_prod_on_sale( $id ) ? 1 : 0,
		'plans'        => $plans,
	);
}

function cs_api_list_products( WP_REST_Request $request ) {
	return cs_api_page( $request, 'sc_product', 'cs_api_product' );
}

function cs_api_get_product( WP_REST_Request $request ) {
	return cs_api_is( $request['product_id'], 'sc_product' ) ? rest_ensure_response( cs_api_product( $request['product_id'] ) ) : cs_api_invalid_id();
}

/** Customers are the WordPress users Studiocart made for buyers (their orders carry _sc_user_account). */
function cs_api_customer( $user_id ) {
	global $wpdb;
	$user = get_userdata( $user_id );
	$orders = $wpdb->get_results( $wpdb->prepare(
		"SELECT p.ID, p.post_date FROM {$wpdb->posts} p JOIN {$wpdb->postmeta} m ON m.post_id = p.ID AND m.meta_key = '_sc_user_account'
		 WHERE p.post_type = 'sc_order' AND p.post_status IN ('paid', 'completed') AND m.meta_value = %d ORDER BY p.post_date DESC",
		$user_id
	) );
	$value = 0.0;
	foreach ( $orders as $order ) {
		$value += (float) get_post_meta( $order->ID, '_sc_amount', true );
	}
	return array(
		'id'              => (int) $user_id,
		'first_name'      => (string) $user->first_name,
		'last_name'       => (string) $user->last_name,
		'email'           => $user->user_email,
		'date_created'    => get_date_from_gmt( $user->user_registered ),
		'lifetime_value'  => round( $value, 2 ),
		'total_orders'    => count( $orders ),
		'last_order_date' => $orders ? $orders[0]->post_date : '',
	);
}

function cs_api_customer_ids() {
	global $wpdb;
	return array_map( 'intval', $wpdb->get_col(
		"SELECT DISTINCT m.meta_value FROM {$wpdb->postmeta} m JOIN {$wpdb->posts} p ON p.ID = m.post_id
		 WHERE m.meta_key = '_sc_user_account' AND p.post_type = 'sc_order' AND m.meta_value > 0 ORDER BY m.meta_value + 0 DESC"
	) );
}

function cs_api_list_customers( WP_REST_Request $request ) {
	$ids = cs_api_customer_ids();
	$per_page = (int) $request['per_page'];
	$slice = array_slice( $ids, ( (int) $request['page'] - 1 ) * $per_page, $per_page );
	return cs_api_paged_response( $request, array_map( 'cs_api_customer', $slice ), count( $ids ) );
}

function cs_api_get_customer( WP_REST_Request $request ) {
	$id = (int) $request['customer_id'];
	return in_array( $id, cs_api_customer_ids(), true ) ? rest_ensure_response( cs_api_customer( $id ) ) : cs_api_invalid_id();
}
