<?php
/**
 * Runs one task on a test site with WordPress loaded, as `wp-cli` would (none is installed here):
 *
 *   php site.php <docroot> <site-url> install <api-key>     wp_install(), pretty permalinks, Studiocart active
 *   php site.php <docroot> <site-url> seed                  the store's products, buyers, orders, a subscription
 *   php site.php <docroot> <site-url> permalinks <structure> update_option + flush, .htaccess as WordPress writes it
 *   php site.php <docroot> <site-url> plugin on|off          Studiocart activated / deactivated
 *   php site.php <docroot> <site-url> option <name> <value>  update_option
 *   php site.php <docroot> <site-url> one-off-order          an order made by Studiocart's model; prints its delivery body
 *
 * Prints one line of JSON on success. Never reaches the network (WP_HTTP_BLOCK_EXTERNAL in wp-config.php).
 */

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}
[ , $docroot, $site_url, $task ] = $argv + array( null, null, null, null );
$args = array_slice( $argv, 4 );
$parts = parse_url( $site_url );
$_SERVER['HTTP_HOST'] = $parts['host'] . ( isset( $parts['port'] ) ? ':' . $parts['port'] : '' );
$_SERVER['SERVER_NAME'] = $parts['host'];
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['SERVER_SOFTWARE'] = getenv( 'CS_SERVER_SOFTWARE' ) ?: 'nginx';

if ( 'install' === $task ) {
	define( 'WP_INSTALLING', true );
}
require $docroot . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
require_once ABSPATH . 'wp-admin/includes/misc.php';

const STUDIOCART = 'studiocart/studiocart.php';

switch ( $task ) {
	case 'install':
		$result = wp_install( 'Commerce Service Test Store', 'admin', 'admin@example.test', false, '', 'admin-password-not-used' );
		update_option( 'siteurl', $site_url );
		update_option( 'home', $site_url );
		update_option( 'timezone_string', 'America/New_York' );
		update_option( '_sc_api_key', $args[0] );
		set_permalinks( '/%postname%/' );
		$activated = activate_plugin( STUDIOCART );
		if ( is_wp_error( $activated ) ) {
			fail( 'activating Studiocart: ' . $activated->get_error_message() );
		}
		done( array( 'user_id' => $result['user_id'] ) );
		break;
	case 'seed':
		// Its own run: Studiocart loaded as on any request (post types, statuses, models).
		require_once __DIR__ . '/seed.php';
		done( cs_seed() );
		break;
	case 'permalinks':
		set_permalinks( $args[0] ?? '' );
		done( array( 'permalink_structure' => get_option( 'permalink_structure' ) ) );
		break;
	case 'plugin':
		if ( 'on' === ( $args[0] ?? '' ) ) {
			$activated = activate_plugin( STUDIOCART );
			if ( is_wp_error( $activated ) ) {
				fail( $activated->get_error_message() );
			}
		} else {
			deactivate_plugins( STUDIOCART );
		}
		done( array( 'active' => is_plugin_active( STUDIOCART ) ) );
		break;
	case 'option':
		update_option( $args[0], $args[1] );
		done( array( $args[0] => get_option( $args[0] ) ) );
		break;
	case 'one-off-order':
		require_once __DIR__ . '/seed.php';
		$order_id = cs_seed_one_off_order();
		done( sc_webhook_order_body( $order_id ) );
		break;
	default:
		fail( "unknown task: $task" );
}

/** As Settings → Permalinks saves: the option, the rewrite rules, and on Apache the .htaccess block. */
function set_permalinks( $structure ) {
	global $wp_rewrite;
	$wp_rewrite->set_permalink_structure( $structure );
	flush_rewrite_rules( false );
	if ( 'apache' === getenv( 'CS_SERVER' ) ) {
		// save_mod_rewrite_rules() minus its "is this Apache" checks, which read the web request.
		$rules = explode( "\n", $wp_rewrite->mod_rewrite_rules() );
		insert_with_markers( ABSPATH . '.htaccess', 'WordPress', $rules );
	}
}

function done( $value ) {
	echo wp_json_encode( $value ), "\n";
	exit( 0 );
}

function fail( $message ) {
	fwrite( STDERR, $message . "\n" );
	exit( 2 );
}
