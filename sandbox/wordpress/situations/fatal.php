<?php
/**
 * Plugin Name: A broken plugin (test situation fatal)
 * Description: Calls a function that does not exist when plugins load, as a plugin left half-updated
 * does: WordPress's fatal error handler answers every request.
 */
add_action( 'plugins_loaded', function () {
	cs_situation_function_that_does_not_exist();
} );
