/** An unknown path inside the admin panel: the 404 page, once the layout let an admin in. */
export { default, loader } from '#app/routes/site/not-found.tsx';
