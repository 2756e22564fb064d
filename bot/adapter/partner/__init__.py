"""partner"""
