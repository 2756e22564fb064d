"""The emulator's installation contexts (issue 41): where the app is installed, group DMs and
DMs between people, the interaction's context fields, and Discord's rules for a user-installed
app, each through real discord.py."""

from tests.e2e.emulator import validate
from tests.e2e.emulator.tinybot import TinyBot


async def test_application_reports_the_installation_contexts_turned_on(discord_sim):
    bot = await discord_sim.start_bot(TinyBot())
    info = await bot.application_info()
    assert info.guild_integration_config is not None
    assert info.user_integration_config is None  # the default: installable to servers only
    discord_sim.world.install_types = {0, 1}
    discord_sim.world.install_params = {
        0: {"scopes": ["applications.commands", "bot"], "permissions": "2048"}}
    info = await bot.application_info()
    assert info.user_integration_config is not None
    assert info.user_integration_config.oauth2_install_params is None
    params = info.guild_integration_config.oauth2_install_params
    assert params.scopes == ["applications.commands", "bot"]
    assert params.permissions.send_messages
    answers = [r for r in discord_sim.requests if r.route == "/oauth2/applications/@me"]
    assert answers[-1].response["integration_types_config"] == {
        "0": {"oauth2_install_params": {"scopes": ["applications.commands", "bot"],
                                        "permissions": "2048"}},
        "1": {},
    }
    for r in answers:
        assert validate.validate_response(r.method, r.route, r.status, r.response) == [], r
